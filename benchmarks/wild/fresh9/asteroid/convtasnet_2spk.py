from asteroid.models import ConvTasNet

model = ConvTasNet(
    n_src=2,
    n_blocks=4,
    n_repeats=2,
    bn_chan=64,
    hid_chan=128,
    skip_chan=64,
    n_filters=128,
    sample_rate=8000,
)
