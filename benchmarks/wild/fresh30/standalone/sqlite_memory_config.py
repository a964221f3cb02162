"""Stage widths stored in an in-memory `sqlite3` table and read back `ORDER BY stage DESC`: the tower is built
from the last stage to the first."""

import sqlite3

import torch.nn as nn

db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE stages (stage INTEGER, width INTEGER)")
db.executemany("INSERT INTO stages VALUES (?, ?)", [(0, 8), (1, 24), (2, 40)])
widths = [w for (w,) in db.execute("SELECT width FROM stages ORDER BY stage DESC")]  # [40, 24, 8]
db.close()
model = nn.Sequential(
    nn.Linear(3, widths[0]), *[nn.Linear(a, b) for a, b in zip(widths, widths[1:])]
)
