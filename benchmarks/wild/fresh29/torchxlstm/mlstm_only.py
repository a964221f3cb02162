"""A bare two-layer mLSTM (torchxlstm) with a projection factor of 3 instead of the default 2."""

from torchxlstm import mLSTM

model = mLSTM(
    input_size=24, head_size=6, num_heads=2, num_layers=2, batch_first=True, proj_factor=3
)
