# the DDPM noise predictor from labml_nn: channel multipliers per level, attention at the two lowest
from labml_nn.diffusion.ddpm.unet import UNet

model = UNet(
    image_channels=1,
    n_channels=32,
    ch_mults=[1, 2, 2, 4],
    is_attn=[False, False, True, True],
    n_blocks=1,
)
