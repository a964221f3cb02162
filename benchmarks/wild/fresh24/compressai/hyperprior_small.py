"""A small scale-hyperprior codec (N=48, M=64) with the entropy bottleneck's auxiliary parameters frozen."""

from compressai.models import ScaleHyperprior

model = ScaleHyperprior(N=48, M=64)
for name, p in model.named_parameters():
    if name.endswith("quantiles"):
        p.requires_grad = False
