"""End-to-end: the playground's download buttons deliver the files in a real headless Chromium, after an upload.

The server and the browser are tests/app/test_browser.py's (``streamlit run app.py`` on 127.0.0.1, Debian's
Chromium driven by Playwright). Run with ``pytest -m browser``.
"""

import json
import re

import numpy as np
import pytest

from tests.app.test_browser import _open, _settle, browser, player_frame, server  # noqa: F401 - fixtures
from tests.app.test_files import apply_model, student_csv

pytestmark = pytest.mark.browser


def _download(page, label, tmp_path):
    """Click the download button labelled ``label``: (the file's suggested name, its text)."""
    button = page.locator('[data-testid="stDownloadButton"] button').filter(has_text=re.compile(label))
    with page.expect_download(timeout=60_000) as info:
        button.first.click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return info.value.suggested_filename, path.read_text(encoding="utf-8")


def test_playground_downloads_deliver_the_student_s_data_and_model(server, browser, tmp_path):  # noqa: F811
    from appkit import _files as files
    from gbrff import GBRFF2Classifier

    original = student_csv(120)
    (tmp_path / "in").mkdir()
    upload = tmp_path / "in" / "Iris data.csv"
    upload.write_text(original, encoding="utf-8")
    page = _open(browser, f"{server}/playground?data=upload&T=20&lgbm=0", n_charts=0)
    player_frame(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.locator('input[type="file"]').set_input_files(str(upload))
    sidebar.get_by_text(re.compile(r"^120 points")).wait_for(timeout=60_000)
    _settle(page)
    page.locator('[data-testid="stMain"] summary', has_text="Downloads").click()  # its section, drawn when opened
    page.get_by_role("button", name="data set (CSV)").wait_for(timeout=60_000)
    _settle(page)

    name, text = _download(page, r"data set \(CSV\)", tmp_path)
    assert name == "gbrff-playground-data-upload-iris-data.csv"
    pts, back = files.read_points_csv(original.encode()), files.read_points_csv(text.encode())
    np.testing.assert_array_equal(back.X, pts.X)
    assert back.columns == pts.columns and back.classes == pts.classes and (back.cells == pts.cells).all()
    train, test = files.split_indices(pts.y, 0.3, 0)
    assert (back.split == files.split_column(len(pts.y), test)).all()

    name, model_text = _download(page, r"fitted model \(JSON", tmp_path)
    assert name == "gbrff-playground-model-gbrff2-upload-iris-data.json"
    doc = json.loads(model_text)
    Z = pts.standardised()
    est = GBRFF2Classifier(n_estimators=20, gamma=0.5, random_state=0, standardize=False).fit(Z[train], pts.y[train])
    H, P, labels = apply_model(doc, back.X)
    np.testing.assert_allclose(H, est.decision_function(Z), rtol=0, atol=1e-10)
    np.testing.assert_allclose(P, est.predict_proba(Z), rtol=0, atol=1e-10)

    name, html = _download(page, r"curves \(HTML\)", tmp_path)
    assert name == "gbrff-playground-curves-upload-iris-data.html" and "<html>" in html

    # the downloaded data, uploaded again: the same model (hence the same picture)
    sidebar.locator('input[type="file"]').set_input_files(str(tmp_path / "gbrff-playground-data-upload-iris-data.csv"))
    for _ in range(30):  # the same count of points: wait for the run that reads the new file
        page.wait_for_timeout(500)
        _settle(page)
        name, again = _download(page, r"fitted model \(JSON", tmp_path)
        again = json.loads(again)
        if again["data"] != "Iris data.csv":
            break
    assert name == "gbrff-playground-model-gbrff2-upload-iris-data.json"
    assert again["data"] == "gbrff-playground-data-upload-iris-data.csv"
    assert {**again, "data": None} == {**doc, "data": None}
    page.close()
