import torch.nn as nn
from ogb.graphproppred.mol_encoder import AtomEncoder, BondEncoder
from ogb.utils.features import get_atom_feature_dims

dims = get_atom_feature_dims()


class Encoders(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.atom = AtomEncoder(d)
        self.bond = BondEncoder(d // 2)
        self.atom_type_head = nn.Linear(d, dims[0])


model = Encoders(32)
