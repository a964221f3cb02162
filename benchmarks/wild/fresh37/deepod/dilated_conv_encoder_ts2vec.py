# TS2Vec-style dilated convolution encoder from DeepOD
from deepod.core.networks.ts_network_dilated_conv import DilatedConvEncoder

model = DilatedConvEncoder(
    n_features=9, n_hidden="32,32,32,32", n_output=24, bias=True, kernel_size=3
)
