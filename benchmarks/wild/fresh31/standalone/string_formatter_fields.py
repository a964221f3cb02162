"""string.Formatter().parse over a layer-name template: the field names found (in order, repeated ones
kept) become the hidden widths looked up in a table; literal text is ignored."""

import string

import torch.nn as nn

WIDTHS = {"stem": 12, "mid": 20, "head": 6}
TEMPLATE = "block_{stem}_to_{mid}_then_{mid}_out_{head}"
fields = [name for _, name, _, _ in string.Formatter().parse(TEMPLATE) if name]
dims = [WIDTHS[f] for f in fields]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([3, *dims], dims)])
