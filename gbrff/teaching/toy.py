"""The toy problems' train/test split that the K-and-λ and random-features pages share."""

from sklearn.model_selection import train_test_split

from ..datasets import make_toy

__all__ = ["toy_split"]


def toy_split(name, n, noise, seed):
    """The toy problem ``name``'s stratified 70/30 split, seeded by ``seed``.

    The K-and-λ and random-features pages share it.

    Parameters
    ----------
    name : str
        The toy problem (:func:`gbrff.datasets.make_toy`).
    n : int
        Its number of points.
    noise : float
        Its noise.
    seed : int
        The data's and the split's seed.

    Returns
    -------
    X_tr, X_te, y_tr, y_te : ndarray
        The training and test parts.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> X_tr, X_te, y_tr, y_te = toy_split("board", 100, 0.0, seed=0)
    >>> X_tr.shape, X_te.shape
    ((70, 2), (30, 2))
    """
    X, y = make_toy(name, n_samples=int(n), noise=float(noise), random_state=int(seed))
    return train_test_split(X, y, test_size=0.3, random_state=int(seed), stratify=y)
