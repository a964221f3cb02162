"""MeshGraphNets: encode-process-decode with edge / node MLPs (LayerNorm outputs) and message-passing steps, from a 'key=value' spec string."""

from torch import nn

SPEC = "node_in=11;edge_in=3;latent=48;mlp_layers=2;steps=6;out=2;share=no"


def parse_spec(spec):
    out = {}
    for item in spec.split(";"):
        k, v = item.split("=")
        out[k] = int(v) if v.isdigit() else v == "yes"
    return out


def make_mlp(in_dim, latent, layers, out_dim, norm=True):
    mods = [nn.Linear(in_dim, latent), nn.ReLU()]
    for _ in range(layers - 1):
        mods += [nn.Linear(latent, latent), nn.ReLU()]
    mods.append(nn.Linear(latent, out_dim))
    if norm:
        mods.append(nn.LayerNorm(out_dim))
    return nn.Sequential(*mods)


class GraphNetBlock(nn.Module):
    def __init__(self, latent, layers):
        super().__init__()
        self.edge_mlp = make_mlp(3 * latent, latent, layers, latent)
        self.node_mlp = make_mlp(2 * latent, latent, layers, latent)


class MeshGraphNet(nn.Module):
    def __init__(self, node_in, edge_in, latent, mlp_layers, steps, out, share):
        super().__init__()
        self.node_encoder = make_mlp(node_in, latent, mlp_layers, latent)
        self.edge_encoder = make_mlp(edge_in, latent, mlp_layers, latent)
        if share:
            block = GraphNetBlock(latent, mlp_layers)
            self.processor = nn.ModuleList([block] * steps)
        else:
            self.processor = nn.ModuleList(
                [GraphNetBlock(latent, mlp_layers) for _ in range(steps)]
            )
        self.decoder = make_mlp(latent, latent, mlp_layers, out, norm=False)


cfg = parse_spec(SPEC)
model = MeshGraphNet(**cfg)
