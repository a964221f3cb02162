"""Graph U-Net (Gao & Ji) on dense adjacency: GCN layers, gPool with a learned projection
vector, gUnpool, skip connections; depth given by a list of pooling ratios."""

from torch import nn


class GCN(nn.Module):
    def __init__(self, in_dim, out_dim, act=nn.ReLU(), p=0.0):  # noqa: B008
        super().__init__()
        self.proj = nn.Linear(in_dim, out_dim)
        self.act = act
        self.drop = nn.Dropout(p) if p > 0 else nn.Identity()


class Pool(nn.Module):
    def __init__(self, k, in_dim, p=0.3):
        super().__init__()
        self.k = k
        self.proj = nn.Linear(in_dim, 1)
        self.drop = nn.Dropout(p)


class GraphUnet(nn.Module):
    def __init__(self, ks=(0.9, 0.8, 0.7), in_dim=64, out_dim=64, dim=48, act=nn.ELU(), drop_p=0.3):  # noqa: B008
        super().__init__()
        self.start_gcn = GCN(in_dim, dim, act, drop_p)
        self.bottom_gcn = GCN(dim, dim, act, drop_p)
        self.end_gcn = GCN(2 * dim, out_dim, act, drop_p)
        self.down_gcns = nn.ModuleList(GCN(dim, dim, act, drop_p) for _ in ks)
        self.up_gcns = nn.ModuleList(GCN(dim, dim, act, drop_p) for _ in ks)
        self.pools = nn.ModuleList(Pool(k, dim, drop_p) for k in ks)


class GraphClassifier(nn.Module):
    def __init__(self, feat_dim=89, n_classes=2):
        super().__init__()
        self.s_gcn = GCN(feat_dim, 64)
        self.g_unet = GraphUnet()
        self.out_l_1 = nn.Linear(3 * 64 + 64, 128)
        self.out_l_2 = nn.Linear(128, n_classes)


model = GraphClassifier()
