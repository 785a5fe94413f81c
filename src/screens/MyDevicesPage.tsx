// /setting/devices, My devices (product.md#my-devices): where the user is signed on. A chunk of its own, asked of the
// server each time it opens.
import { MyDevices } from '../features/devices/MyDevices.tsx';

export function MyDevicesPage() {
  return <MyDevices />;
}
