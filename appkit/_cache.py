"""What the app computes or reads once per server: the compiled engine, the defaults' pictures, the stored results.

The tables are read through :mod:`gbrff.experiments` (which knows where each
report lies in a results folder) and handed to :mod:`gbrff.viz.paper`,
which only draws.
"""

import asyncio
import logging
import os
import threading

import streamlit as st

from ._router import ROOT

__all__ = ["RESULTS_DIR", "WARMED_PAGES", "warm_engine", "warm_defaults", "stored_results", "paper_table2",
           "preprint_table2"]

#: The pages whose default picture the server computes once, before a student asks (:func:`warm_defaults`).
WARMED_PAGES = ("playground", "loss_landscape")
_WARM_SECONDS = 300          # a page not rendered by then is left to its first student
_log = logging.getLogger(__name__)

#: The results committed with the app (``python -m gbrff.experiments … --out results/…``).
RESULTS_DIR = ROOT / "results"


@st.cache_resource(show_spinner="Compiling the GBRFF engine once for this server (a few seconds)…")
def warm_engine():
    """Compile the numba kernels once per server, not once per click."""
    from gbrff import warm_up

    warm_up()
    return True


@st.cache_resource(show_spinner=False)
def warm_defaults():
    """Open :data:`WARMED_PAGES` with their defaults once per server, in a session of its own, in the background.

    Called by ``app.py`` in every session, it runs once: with the server's first
    session (the teacher opening the link), a thread opens the pages through this
    server's own websocket, as a browser does, so that every cache the pages fill
    on their way (the fits, the frames, LightGBM's surface, the imports) is
    filled under the keys a default visit uses, and the class shares it. Calling
    the ``gbrff.teaching`` functions directly would compile the engine but fill
    none of the pages' ``st.cache_*`` entries: those are keyed by the pages' own
    functions. Returns the thread (None when no server runs, as under
    ``AppTest``, or when ``GBRFF_APP_WARM=0``, which the benchmark uses to
    measure a server without it).
    """
    from streamlit import runtime

    if os.environ.get("GBRFF_APP_WARM", "1") == "0" or not runtime.exists():
        return None
    address = st.get_option("server.address") or "127.0.0.1"
    if address in ("0.0.0.0", "::"):   # listening everywhere: this machine answers on its loopback
        address = "127.0.0.1"
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    url = f"ws://{address}:{st.get_option('server.port')}/{base + '/' if base else ''}_stcore/stream"
    thread = threading.Thread(target=asyncio.run, args=(_visit(url, WARMED_PAGES),), daemon=True,
                              name="gbrff-warm-defaults")
    thread.start()
    return thread


async def _visit(url, pages):
    """Ask for each page in turn (Streamlit's protocol, as ``tests/app/test_load.py`` speaks it) until its run ends."""
    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    for page in pages:
        try:
            async with websockets.connect(url, subprotocols=["streamlit"], max_size=None, open_timeout=60) as ws:
                msg = BackMsg()
                msg.rerun_script.page_name = page
                await ws.send(msg.SerializeToString())
                while ForwardMsg.FromString(await asyncio.wait_for(ws.recv(), _WARM_SECONDS)).WhichOneof(
                        "type") != "script_finished":
                    pass
        except Exception as e:   # warming is a favour: a page it could not open is fitted by its first student
            _log.warning("warming %s failed: %s", page, e)


@st.cache_data(ttl=60, show_spinner=False)
def stored_results(results_dir=RESULTS_DIR):
    """The result tables under ``results_dir`` that exist, by name
    (:func:`gbrff.experiments.load_results`)."""
    from gbrff.experiments import load_results

    return load_results(results_dir)


@st.cache_data(show_spinner=False)
def paper_table2():
    """The paper's Table 2 (task, method, mean, std), or None when it cannot be read."""
    from gbrff.experiments import load_paper_table2

    try:
        return load_paper_table2()
    except OSError:
        return None


@st.cache_data(show_spinner=False)
def preprint_table2():
    """The 2019 preprint's Table 2 (task, method, mean, std; its GBRFF as GBRFF-LS), or None."""
    from gbrff.experiments import load_preprint_table2

    try:
        return load_preprint_table2()
    except OSError:
        return None
