"""rtdl_revisiting_models: resnet (wild-code corpus, benchmarks/wild)."""

from rtdl_revisiting_models import ResNet

model = ResNet(
    d_in=10,
    d_out=1,
    n_blocks=2,
    d_block=32,
    d_hidden=None,
    d_hidden_multiplier=2.0,
    dropout1=0.1,
    dropout2=0.0,
)
