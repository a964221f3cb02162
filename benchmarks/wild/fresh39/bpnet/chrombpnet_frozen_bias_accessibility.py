# ChromBPNet: a small bias BPNet (frozen by ChromBPNet) plus a larger accessibility BPNet, no controls
from bpnetlite import BPNet
from bpnetlite.chrombpnet import ChromBPNet

bias = BPNet(n_filters=128, n_layers=4, n_outputs=1, n_control_tracks=0, verbose=False)
accessibility = BPNet(n_filters=512, n_layers=8, n_outputs=1, n_control_tracks=0, verbose=False)
model = ChromBPNet(bias=bias, accessibility=accessibility)
