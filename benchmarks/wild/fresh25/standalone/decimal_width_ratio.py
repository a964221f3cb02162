"""Hidden widths from decimal.Decimal ratios, rounded down to whole channels."""

from decimal import ROUND_FLOOR, Decimal

import torch.nn as nn

base = 96
ratios = [Decimal("1.5"), Decimal("0.75"), Decimal("0.333")]
widths = [int((Decimal(base) * r).to_integral_value(rounding=ROUND_FLOOR)) for r in ratios]
dims = [base, *widths]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
