"""A video tokenizer: 3D conv stem, channel-first 3D positional encodings (the Permute variant)."""
from torch import nn
from positional_encodings.torch_encodings import PositionalEncoding3D, PositionalEncodingPermute3D

CH = 18

model = nn.Sequential(
    nn.Conv3d(1, CH, kernel_size=(2, 4, 4), stride=(2, 4, 4)),
    PositionalEncodingPermute3D(CH),
)
