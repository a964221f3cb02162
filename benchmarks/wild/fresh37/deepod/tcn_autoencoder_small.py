# temporal-convolution autoencoder for multivariate windows
from deepod.core.networks.ts_network_tcn import TcnAE

model = TcnAE(n_features=12, n_hidden="64,32", n_emb=16, kernel_size=3, bias=True, dropout=0.1)
