"""Optional blocks built as `cond and Module(...)`; filter(None, ...) drops the falsy ones before the Sequential."""

import torch.nn as nn

use_dropout, use_norm, use_proj = True, False, True
model = nn.Sequential(
    *filter(
        None,
        [
            nn.Linear(20, 64),
            use_norm and nn.LayerNorm(64),
            nn.ReLU(),
            use_dropout and nn.Dropout(0.1),
            use_proj and nn.Linear(64, 64),
            not use_proj and nn.Linear(64, 128),
            nn.Linear(64, 5),
        ],
    )
)
