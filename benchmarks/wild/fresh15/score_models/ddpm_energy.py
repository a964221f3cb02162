"""An energy-based model whose energy comes from a DDPM U-Net, plus an EMA of the score net
kept by the user with torch_ema (the EMA's shadow copies are not module parameters)."""

from score_models import DDPM, EnergyModel
from torch_ema import ExponentialMovingAverage

net = DDPM(channels=1, nf=32, ch_mult=(1, 2), num_res_blocks=1, attention=False)
model = EnergyModel(model=net, sigma_min=1e-3, sigma_max=10.0, device="cpu")
ema = ExponentialMovingAverage(model.parameters(), decay=0.999)
