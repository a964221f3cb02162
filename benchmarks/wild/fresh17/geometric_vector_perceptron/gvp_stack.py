from geometric_vector_perceptron import GVP, GVPLayerNorm
from torch import nn

# three GVPs in a ModuleList: (feats, vectors) widths grow then shrink
widths = [(16, 4), (32, 8), (32, 8), (8, 2)]
model = nn.ModuleList(
    GVP(
        dim_feats_in=fi,
        dim_vectors_in=vi,
        dim_feats_out=fo,
        dim_vectors_out=vo,
        vector_gating=(i % 2 == 1),
    )
    for i, ((fi, vi), (fo, vo)) in enumerate(zip(widths, widths[1:]))
)
model.append(GVPLayerNorm(widths[-1][0]))
