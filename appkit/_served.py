"""The folders Streamlit serves to the app's components: files gathered from ``appkit`` into one folder.

A component (``components.declare_component(path=...)``) serves one folder; the
app's components share files (``appkit/player/figure.js``, the canvas renderer,
drawn by the player and by :func:`appkit.light_chart`). Each keeps one home in
the sources, and the served folder is a copy made at import, named by the
digest of what it holds: a new version of a file gives a new folder (a
browser's cached copy of the old one is never used), and servers started
together share one.
"""

import hashlib
import shutil
import tempfile
from pathlib import Path

__all__ = ["served_folder"]


def served_folder(name, sources):
    """A folder holding ``sources`` (paths of files, or folders whose files are all taken), flat,
    under the temporary directory as ``gbrff-<name>-<digest>``; made once per content."""
    files = []
    for src in map(Path, sources):
        files += sorted(f for f in src.iterdir() if f.is_file()) if src.is_dir() else [src]
    digest = hashlib.sha1()
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes())
    folder = Path(tempfile.gettempdir()) / f"gbrff-{name}-{digest.hexdigest()[:12]}"
    if not folder.is_dir():
        tmp = Path(tempfile.mkdtemp(prefix=f"gbrff-{name}-"))
        for f in files:
            shutil.copy(f, tmp / f.name)
        try:
            tmp.rename(folder)
        except OSError:  # another server made it meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    return folder
