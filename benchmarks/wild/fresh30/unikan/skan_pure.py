"""A single-parameter KAN, SKAN_pure (unikan), sizes 6-12-12-2, multiply nodes."""

from unikan import SKAN_pure

model = SKAN_pure([6, 12, 12, 2], node_type="mul", bias=True)
