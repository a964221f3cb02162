"""UniFormer with local aggregation in every stage and a wider local kernel, from a sweep table."""

from uniformer_pytorch import Uniformer

VARIANTS = {
    "local3": dict(mhsa_types=("l", "l", "l", "l"), local_aggr_kernel=3),
    "local7": dict(mhsa_types=("l", "l", "l", "l"), local_aggr_kernel=7),
    "mixed": dict(mhsa_types=("l", "l", "g", "g"), local_aggr_kernel=5),
}

model = Uniformer(
    num_classes=4, dims=(16, 32, 64, 128), depths=(1, 1, 1, 1), dim_head=16, **VARIANTS["local7"]
)
