"""The engine's blocks of samples, pure Python (read without importing numba).

BLOCK: samples a block. Every pass over the training samples works on fixed
blocks of BLOCK samples, in parallel over the blocks, and every sum over the
samples adds the blocks' partial sums in block order, each computed as the
one-block code computes the whole. So a fit gives the same bits for any
number of threads, and data of at most BLOCK samples (all but two tasks of
the paper's Table 2) the same bits as the engine before blocks.
"""

BLOCK = 4096


def n_blocks(n):
    """The number of blocks of n samples (one at least)."""
    return max(1, -(-int(n) // BLOCK))
