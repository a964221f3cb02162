from molecule_attention_transformer import MAT
from torch import nn

# three MATs with different distance kernels, averaged at test time
model = nn.ModuleList(
    MAT(dim_in=32, model_dim=96, dim_out=1, depth=2, heads=4, dist_kernel_fn=kernel)
    for kernel in ("exp", "softmax", "exp")
)
