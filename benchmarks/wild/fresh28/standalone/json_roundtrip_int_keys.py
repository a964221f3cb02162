"""A stage table saved and reloaded through `json`: int keys come back as strings, so the int lookups fall back to defaults."""

import json

import torch.nn as nn

stages = {0: 24, 1: 48, 2: 96}
reloaded = json.loads(json.dumps(stages))
widths = [reloaded.get(i, 8) for i in range(3)]  # [8, 8, 8]
widths_str = [reloaded.get(str(i), 8) for i in range(3)]  # [24, 48, 96]

model = nn.ModuleDict(
    {
        "int_keys": nn.Sequential(
            *[nn.Conv2d(3 if i == 0 else widths[i - 1], w, 3) for i, w in enumerate(widths)]
        ),
        "str_keys": nn.Sequential(
            *[nn.Conv2d(3 if i == 0 else widths_str[i - 1], w, 3) for i, w in enumerate(widths_str)]
        ),
    }
)
