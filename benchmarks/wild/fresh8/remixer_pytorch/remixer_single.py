"""One Remixer block."""

from remixer_pytorch import RemixerBlock

model = RemixerBlock(dim=384, seq_len=256)
