"""A page with one light chart of known colours, for tests/app/test_charts_browser.py:
``streamlit run tests/app/light_chart_app.py`` with the checkout on PYTHONPATH."""

import plotly.graph_objects as go
import streamlit as st

import appkit

# left half of the plot red, right half blue (a 1 × 2 heatmap), green markers over it
fig = go.Figure([go.Heatmap(z=[[0, 1], [0, 1]], x=[0, 1], y=[-0.5, 0.5], colorscale=[[0, "#ff0000"], [1, "#0000ff"]], showscale=False),
                 go.Scatter(x=[0.2, 0.8], y=[0.2, -0.2], mode="markers",
                            marker=dict(color="#00aa00", size=30, line=dict(width=0)))],
                layout=dict(height=320, margin=dict(l=40, r=10, t=10, b=30), showlegend=False))
appkit.light_chart(fig, key="known")
st.button("rerun", key="rerun")  # a rerun posts the same figure again: drawn once all the same
st.html('<div style="height: 3000px"></div>')  # a page's length below the first screen, then a chart
appkit.light_chart(fig, key="below", height=300)  # drawn when scrolled near
