"""An interpretable N-BEATS (trend + seasonality stacks) built directly, 24 steps in, 6 out."""

from pytorch_forecasting.models import NBeats

model = NBeats(
    stack_types=["trend", "seasonality"],
    num_blocks=[2, 2],
    num_block_layers=[2, 2],
    widths=[32, 64],
    sharing=[True, False],
    expansion_coefficient_lengths=[3, 5],
    context_length=24,
    prediction_length=6,
)
