"""A video tokenizer: 3D conv stem, channel-first 3D positional encodings (the Permute variant)."""

from positional_encodings.torch_encodings import PositionalEncodingPermute3D
from torch import nn

CH = 18

model = nn.Sequential(
    nn.Conv3d(1, CH, kernel_size=(2, 4, 4), stride=(2, 4, 4)),
    PositionalEncodingPermute3D(CH),
)
