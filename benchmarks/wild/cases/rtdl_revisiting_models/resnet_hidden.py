"""rtdl_revisiting_models: resnet_hidden (wild-code corpus, benchmarks/wild)."""

from rtdl_revisiting_models import ResNet

model = ResNet(
    d_in=8,
    d_out=2,
    n_blocks=1,
    d_block=16,
    d_hidden=48,
    d_hidden_multiplier=None,
    dropout1=0.1,
    dropout2=0.1,
)
