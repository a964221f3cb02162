"""Trompt on a small credit table: 6 numerical and 2 categorical columns."""

import torch_frame
from torch_frame.data.stats import StatType
from torch_frame.nn.models import Trompt

num_cols = ["amount", "duration", "rate", "residence", "age", "credits"]
cat_cols = {
    "purpose": ["car", "tv", "education", "business", "other"],
    "housing": ["own", "rent", "free"],
}
col_stats = {c: {StatType.MEAN: 0.0, StatType.STD: 1.0} for c in num_cols}
col_stats.update({c: {StatType.COUNT: (cats, [1] * len(cats))} for c, cats in cat_cols.items()})
model = Trompt(
    channels=32,
    out_channels=2,
    num_prompts=16,
    num_layers=4,
    col_stats=col_stats,
    col_names_dict={
        torch_frame.stype.numerical: num_cols,
        torch_frame.stype.categorical: list(cat_cols),
    },
)
