import yaml
from asteroid.models import DPRNNTasNet

conf = yaml.safe_load("""
filterbank:
  n_filters: 64
  kernel_size: 16
  stride: 8
masknet:
  n_src: 2
  bn_chan: 64
  hid_size: 64
  chunk_size: 50
  n_repeats: 2
  rnn_type: LSTM
  bidirectional: true
""")
model = DPRNNTasNet(**conf["filterbank"], **conf["masknet"], sample_rate=8000)
