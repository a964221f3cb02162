"""A NAFNet denoiser (gated U-Net, no activations) for grayscale microscopy, widths from a level list."""

from spandrel.architectures.NAFNet import NAFNet

levels = [1, 1, 2]
model = NAFNet(
    img_channel=1,
    width=8,
    middle_blk_num=2,
    enc_blk_nums=levels,
    dec_blk_nums=list(reversed(levels)),
)
