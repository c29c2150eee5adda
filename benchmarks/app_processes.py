"""Thirty students over several Streamlit processes, as a proxy with sticky websockets spreads them.

    python benchmarks/app_processes.py [N]     # N processes (default 2)

Starts N ``streamlit run app.py`` on free ports, opens the playground once in
each (the engine compiles once per process), then opens 30 sessions at once,
each with its own model, session k on process k mod N, with the websocket
client of ``tests/test_app_load.py``; prints the first paints (median, max).
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

from tests.test_app_load import SESSIONS, open_all, open_page, run_async, session_query  # noqa: E402


def start():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read().strip() == b"ok":
                break
        except OSError:
            time.sleep(0.5)
    return proc, url


def main(n):
    procs = [start() for _ in range(n)]
    try:
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
