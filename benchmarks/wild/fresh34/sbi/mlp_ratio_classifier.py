import torch
from sbi.neural_nets.embedding_nets import FCEmbedding
from sbi.neural_nets.net_builders import build_mlp_classifier

theta = torch.zeros(100, 2)
x = torch.zeros(100, 12)
emb = FCEmbedding(input_dim=12, output_dim=6, num_layers=2, num_hiddens=24)
model = build_mlp_classifier(
    theta, x, z_score_x="none", z_score_y="none", hidden_features=40, embedding_net_y=emb
)
