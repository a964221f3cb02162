from asteroid.models import SuDORMRFNet

model = SuDORMRFNet(
    n_src=2,
    bn_chan=64,
    num_blocks=4,
    upsampling_depth=3,
    n_filters=128,
    kernel_size=21,
    sample_rate=8000,
)
