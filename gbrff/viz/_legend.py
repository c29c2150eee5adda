"""The legend under a figure, and the bottom margin that holds it under the x axis's title."""

__all__ = ["LEGEND_UNDER", "room_under"]

#: A horizontal legend at the bottom of the figure, centred, under the x axis's title.
LEGEND_UNDER = dict(orientation="h", xref="container", yref="container", x=0.5, xanchor="center", y=0.01,
                    yanchor="bottom", font=dict(size=14))
#: px: the narrowest a page draws a figure (a 1024-px projector with the sidebar open).
NARROW = 560


def room_under(names, axis=70, width=NARROW, row=24):
    """The bottom margin (px) that holds the x axis (tick labels and title: ``axis``) and, under it, the
    legend of entries ``names`` in rows as wide as a ``width``-px figure. The margin is set here, not left to
    Plotly's automatic one, which in Streamlit's Plotly let a bottom legend cover the axis's title."""
    names = [str(n) for n in names]
    entry = 40 + 6.5 * max((len(n) for n in names), default=0)  # line sample, gap, text at 14 px
    per_row = max(1, int((width - 40) // entry))  # a horizontal legend's entries stand in columns
    return axis + row * -(-len(names) // per_row) + 10
