"""One Linear Recurrent Unit (LRU-pytorch): 12 inputs, 20 outputs, a complex state of 32."""

from LRU_pytorch import LRU

model = LRU(in_features=12, out_features=20, state_features=32, rmin=0.5, rmax=0.95)
