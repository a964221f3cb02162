# BPNet for a ChIP-nexus experiment: both strands, with control tracks
from bpnetlite import BPNet

model = BPNet(n_filters=64, n_layers=8, n_outputs=2, n_control_tracks=2, verbose=False)
