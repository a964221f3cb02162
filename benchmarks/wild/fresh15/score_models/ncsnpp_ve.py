"""A score-based generative model: NCSN++ under a variance-exploding SDE, sized for 32x32."""

from score_models import NCSNpp, ScoreModel

net = NCSNpp(channels=1, nf=32, ch_mult=(1, 2, 2), num_res_blocks=1, attention=True)
model = ScoreModel(model=net, sigma_min=1e-2, sigma_max=50.0, device="cpu")
