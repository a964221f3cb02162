import torch.nn as nn
from rtdl_num_embeddings import LinearReLUEmbeddings

n_features, d_token = 7, 24
encoder_layer = nn.TransformerEncoderLayer(d_token, nhead=4, dim_feedforward=48, batch_first=True)
model = nn.Sequential(
    LinearReLUEmbeddings(n_features, d_token),
    nn.TransformerEncoder(encoder_layer, num_layers=2, enable_nested_tensor=False),
    nn.Flatten(),
    nn.Linear(n_features * d_token, 2),
)
