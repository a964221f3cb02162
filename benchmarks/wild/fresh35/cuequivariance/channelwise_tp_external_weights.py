import cuequivariance as cue
import cuequivariance_torch as cuet
import torch.nn as nn

# MACE-style interaction: a channel-wise tensor product whose weights come from a radial MLP
node_irreps = cue.Irreps("O3", "16x0e + 16x1o")
edge_sh = cue.Irreps("O3", "0e + 1o + 2e")


class Interaction(nn.Module):
    def __init__(self, num_radial=8, hidden=32):
        super().__init__()
        self.tp = cuet.ChannelWiseTensorProduct(
            node_irreps,
            edge_sh,
            layout=cue.mul_ir,
            shared_weights=False,
            internal_weights=False,
            use_fallback=True,
        )
        self.radial = nn.Sequential(
            nn.Linear(num_radial, hidden),
            nn.SiLU(),
            nn.Linear(hidden, self.tp.weight_numel),
        )
        self.out = cuet.Linear(
            self.tp.irreps_out, node_irreps, layout=cue.mul_ir, use_fallback=True
        )


model = Interaction(num_radial=8, hidden=32)
