"""Thirty students over several Streamlit processes, as a proxy with sticky websockets spreads them.

    python benchmarks/app_processes.py [N]     # N processes (default 2)

Starts N ``streamlit run app.py`` on free ports, opens the playground once in
each (the engine compiles once per process), then opens 30 sessions at once,
each with its own model, session k on process k mod N, with the websocket
client of ``tests/app/test_load.py``; prints the first paints (median, max).
"""

import asyncio
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, number  # noqa: E402

HEALTH_SECONDS = 120          # a server that has not answered by then is not coming


def start():
    """A ``streamlit run app.py`` on a free port: (process, url) once it answers its health check."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + HEALTH_SECONDS
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read().strip() == b"ok":
                return proc, url
        except OSError:
            time.sleep(0.5)
    proc.terminate()
    proc.wait(15)
    why = f"exited with code {proc.returncode}" if proc.returncode else f"did not answer in {HEALTH_SECONDS} s"
    raise RuntimeError(f"streamlit run app.py (port {port}) {why}")


def main(argv=None):
    ap = Parser(prog="app_processes.py", description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=number(int, 1), default=2, metavar="N",
                    help="Streamlit processes to start (default 2; at most one a session)")
    n = ap.parse_args(argv).n
    try:
        from tests.app.test_load import SESSIONS, open_all, open_page, run_async, session_query
    except ImportError as e:
        ap.fail(f"the load test's client cannot be imported ({e}): install the app's test dependencies")
    if n > SESSIONS:
        ap.error(f"N: at most {SESSIONS} processes ({SESSIONS} sessions), got {n}")
    procs = []
    try:
        try:
            for _ in range(n):
                procs.append(start())
        except RuntimeError as e:
            ap.fail(str(e))
        for _, url in procs:
            run_async(open_page(url, {}))

        async def everyone():
            return await asyncio.gather(*[open_all(url, [session_query(k) for k in range(i, SESSIONS, n)])
                                          for i, (_, url) in enumerate(procs)])

        results = [r for group in run_async(everyone()) for r in group]
        paints = sorted(r["first_paint"] for r in results)
        print(f"{n} processes, {len(results)} sessions, each its own model: first paint median "
              f"{statistics.median(paints):.2f} s, max {paints[-1]:.2f} s; "
              f"{sum(bool(r['errors']) for r in results)} with an error")
    finally:
        for proc, _ in procs:
            proc.terminate()
            proc.wait(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
