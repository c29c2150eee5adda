"""The teaching app's Streamlit side, beside ``app.py``: router, page state, caches, files.

The library (``gbrff``, and ``gbrff.viz`` for the figures) never imports
Streamlit; everything that does, apart from the pages, is here:

* :mod:`appkit._router` — the list of pages, the router ``app.py`` runs, and
  deep links on a fresh server;
* :mod:`appkit._state` — controls whose values live in the URL, the share
  box (``?hide=…`` classroom links), and a page's sections drawn when opened;
* :mod:`appkit._drawing` — the playground's drawn data set: its URL codec (``pts``), and the board that
  carries it between the page and the player;
* :mod:`appkit._player` — the iteration player: every frame computed once,
  played in the browser (``appkit/player/index.html``);
* :mod:`appkit._charts` — the pages' still figures drawn on a canvas by the player's renderer
  (``appkit/chart/index.html``, ``appkit/player/figure.js``), not by plotly.js;
* :mod:`appkit._gate` — first paints first when a class opens the app at once; small fits on one BLAS thread;
* :mod:`appkit._cache` — the engine compiled once per server, the stored
  results and the paper's Table 2 read once;
* :mod:`appkit._toy` — the toy-problem sidebar and split of the K-and-λ and
  random-features pages;
* :mod:`appkit._widgets` — a figure's explanation and download button, presenter mode's look, an uploader that keeps its file;
* :mod:`appkit._tables` — the UCI page's tables beyond the paper, from ``results/``, and its tables' column widths;
* :mod:`appkit._files` — uploads and downloads (CSV points, JSON models) and the downloads' names;
* :mod:`appkit._words` — the tooltip of every control and the glossary;
* :mod:`appkit._text` — user text (a link's values, an upload's names) shown as text, never as Markdown.

Pages import it as ``import appkit`` (or ``from appkit import …``): the
folder of ``app.py`` is on ``sys.path`` when Streamlit runs ``app.py``, and
the tests run from it.
"""

from ._cache import RESULTS_DIR, paper_table2, preprint_table2, stored_results, warm_engine
from ._charts import LIGHT_TRACES, light_chart, pack_figure
from ._drawing import drawing_board
from ._files import (MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS, download_name, model_to_json, parse_points_csv, points_to_csv,
                     read_points_csv, split_column, split_indices, upload_label)
from ._gate import one_blas_thread, painted
from ._router import FAVICON, PAGES, ROOT, current_page, ensure_router, run_router
from ._player import frame_player, pack_frames, play_schedule, player_start
from ._tables import ablation_table, defaults_overview, table_columns
from ._state import (adopt, begin_page, control, hidden_keys, is_hidden, refresh_share_box, register, section,
                     share_box, what_changed, widget_key)
from ._text import plain
from ._toy import TOY_GAMMAS, toy_controls, toy_split
from ._widgets import explain, figure_download, kept_upload, presenter_style
from ._words import GLOSSARY, HELP

__all__ = [
    "PAGES", "ROOT", "FAVICON", "RESULTS_DIR", "plain", "MAX_UPLOAD_BYTES", "MAX_UPLOAD_ROWS",
    "run_router", "ensure_router", "current_page", "begin_page", "widget_key", "adopt", "control", "register", "hidden_keys",
    "is_hidden", "share_box", "refresh_share_box", "what_changed", "play_schedule", "frame_player", "pack_frames",
    "player_start", "light_chart", "pack_figure", "LIGHT_TRACES", "painted", "one_blas_thread", "explain", "figure_download", "section", "kept_upload", "presenter_style", "TOY_GAMMAS", "toy_controls", "toy_split",
    "HELP", "GLOSSARY", "defaults_overview", "ablation_table", "table_columns", "warm_engine", "stored_results", "paper_table2", "preprint_table2", "parse_points_csv", "points_to_csv", "model_to_json",
    "read_points_csv", "split_column", "split_indices", "upload_label", "download_name", "drawing_board",
]
