"""A Real-ESRGAN 'compact' (SRVGG) x2 upscaler sized for a phone, from spandrel's architecture zoo."""

from spandrel.architectures.Compact import Compact

model = Compact(num_in_ch=3, num_out_ch=3, num_feat=24, num_conv=8, upscale=2, act_type="prelu")
