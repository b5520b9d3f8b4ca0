import { StudentArea } from '../../student/StudentArea';

/** The student area's chunk entry; the area itself lives in src/student (it is not react-admin). */
export default StudentArea;
