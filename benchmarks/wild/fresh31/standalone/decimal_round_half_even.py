"""decimal quantize with ROUND_HALF_EVEN vs ROUND_HALF_UP: 2.5 rounds to 2 and 3.5 to 4 (half-even),
while half-up gives 3 and 4; the depth uses half-even, the head count half-up."""

from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

import torch.nn as nn

depth = int(Decimal("2.5").quantize(Decimal("1"), rounding=ROUND_HALF_EVEN))  # 2
heads = int(Decimal("2.5").quantize(Decimal("1"), rounding=ROUND_HALF_UP))  # 3
width = 8 * int(
    Decimal("3.5").quantize(Decimal("1"), rounding=ROUND_HALF_EVEN)
)  # 32 -> heads must divide: 32 % 3 != 0
width = width - width % heads  # 30
layer = nn.TransformerEncoderLayer(width, heads, dim_feedforward=2 * width, batch_first=True)
model = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
