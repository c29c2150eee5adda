"""Data for gbrff: the paper's 2-D toy problems and its 16 UCI tasks."""

from ._toy import TOY_PROBLEMS, make_toy

__all__ = ["TOY_PROBLEMS", "make_toy"]
