from ncps.torch import LTC
from ncps.wirings import AutoNCP

wiring = AutoNCP(units=28, output_size=4, seed=0)
model = LTC(input_size=16, units=wiring, batch_first=True)
