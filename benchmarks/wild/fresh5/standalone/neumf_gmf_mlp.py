import torch.nn as nn

config = {
    "num_users": 943,
    "num_items": 1682,
    "latent_dim_mf": 8,
    "latent_dim_mlp": 8,
    "layers": [16, 64, 32, 16, 8],  # layers[0] is the concat of user and item mlp embeddings
}


class NeuMF(nn.Module):
    """Neural matrix factorisation: separate embeddings for the GMF and the MLP paths."""

    def __init__(self, config):
        super().__init__()
        self.embedding_user_mlp = nn.Embedding(config["num_users"], config["latent_dim_mlp"])
        self.embedding_item_mlp = nn.Embedding(config["num_items"], config["latent_dim_mlp"])
        self.embedding_user_mf = nn.Embedding(config["num_users"], config["latent_dim_mf"])
        self.embedding_item_mf = nn.Embedding(config["num_items"], config["latent_dim_mf"])
        self.fc_layers = nn.ModuleList()
        for in_size, out_size in zip(config["layers"][:-1], config["layers"][1:]):
            self.fc_layers.append(nn.Linear(in_size, out_size))
        self.affine_output = nn.Linear(config["layers"][-1] + config["latent_dim_mf"], 1)
        self.logistic = nn.Sigmoid()


model = NeuMF(config)
