# PlaNet's recurrent state-space model on 64x64 RGB observations (narrower than the paper)
from mbrl.models import PlaNetModel

model = PlaNetModel(
    obs_shape=(3, 64, 64),
    obs_encoding_size=512,
    encoder_config=((3, 16, 4, 2), (16, 32, 4, 2), (32, 64, 4, 2), (64, 128, 4, 2)),
    decoder_config=((512, 1, 1), ((512, 64, 5, 2), (64, 32, 5, 2), (32, 16, 6, 2), (16, 3, 6, 2))),
    latent_state_size=30,
    action_size=6,
    belief_size=100,
    hidden_size_fcs=100,
    device="cpu",
)
