"""The toy problems' train/test split that the K-and-λ and random-features pages share."""

from sklearn.model_selection import train_test_split

from ..datasets import make_toy

__all__ = ["toy_split"]


def toy_split(name, n, noise, seed):
    """The toy problem ``name``'s stratified 70/30 split ``(X_tr, X_te, y_tr, y_te)``, seeded by ``seed``."""
    X, y = make_toy(name, n_samples=int(n), noise=float(noise), random_state=int(seed))
    return train_test_split(X, y, test_size=0.3, random_state=int(seed), stratify=y)
