# continuous thought with a learned begin-of-thought predictor, single residual stream
from coconut_pytorch import Coconut
from coconut_pytorch.coconut import Transformer

backbone = Transformer(
    num_tokens=1000, dim=192, depth=3, heads=6, dim_head=32, num_residual_streams=1
)
model = Coconut(num_reasoning_steps=4, transformer=backbone, learn_begin_of_thought=True)
