# BPNet without output biases, wrapped for attribution of the count head only
from bpnetlite.bpnet import BPNet, CountWrapper

net = BPNet(
    n_filters=96,
    n_layers=6,
    n_outputs=1,
    n_control_tracks=1,
    profile_output_bias=False,
    count_output_bias=False,
    verbose=False,
)
model = CountWrapper(net)
